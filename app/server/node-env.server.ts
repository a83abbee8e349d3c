// Imported first by every entry point: React and React Router pick their production
// builds by NODE_ENV when they load, and the development builds are several times
// slower. A deployer who sets nothing gets production.
process.env.NODE_ENV ??= "production";
