// The bare app renders and sends pages exactly as the shop does, so the bench compares
// what the shop adds on top of the framework, not a difference in serving.
export { default, streamTimeout } from "../../../app/server/render.server.tsx";
