import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

// The file names in app/routes/ are the URLs (React Router's flat-route file names, kept by React Router); tests sit next to the code.
export default flatRoutes({ ignoredRouteFiles: ["**/*.test.*"] }) satisfies RouteConfig;
