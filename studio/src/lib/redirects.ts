// The redirect rules live with the site, which follows them: one set of rules
// for the Studio's validation and previews and for the site (app/lib/redirects.ts).
export * from "../../../app/lib/redirects";
