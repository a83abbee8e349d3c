// The URL of the Hindi reader's chunk (vite.config.ts, hindiReader).
declare module "virtual:hindi-reader" {
  const url: string;
  export default url;
}
