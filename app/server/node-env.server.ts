// Imported first by every entry point: React and React Router pick their production
// builds by NODE_ENV when they load, and the development builds are several times
// slower. A deployer who sets nothing gets production.
process.env.NODE_ENV ??= "production";
/** Read before the configuration is: server.ts must know how to load the app (Vite or the build) first. */
export const development = process.env.NODE_ENV === "development";
