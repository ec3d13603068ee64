// The singleton ids live with the site, which reads them in its queries and
// its publish webhook: one list for both packages.
export * from "../../../app/lib/content/singletons";
