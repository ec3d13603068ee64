// Imported before anything that loads React: React and React DOM each pick
// their development or production build from NODE_ENV when first imported,
// and the two must match.
process.env.NODE_ENV ??= "production";
