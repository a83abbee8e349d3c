import tailwindcss from "@tailwindcss/vite";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The entry renders as the shop's does (app/server/render.server.tsx), which reads the shop's
  // stylesheet: it is built here the same way, though the bare page never links it.
  plugins: [tailwindcss(), reactRouter()],
});
