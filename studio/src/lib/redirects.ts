// The redirect rules live with the site, which follows them: one set of rules
// for the Studio's validation and previews and for the site (app/lib/redirects.ts,
// and app/lib/redirect-problems.ts for the checks of one redirect beside the others).
export * from "../../../app/lib/redirects";
export * from "../../../app/lib/redirect-problems";
