// A file handed to a browser (a CSV or a ZIP to download, a PDF to open): its type and name, and
// never kept by a cache, for each is one person's or the staff's.
export function fileResponse(body: string | Uint8Array, file: { type: string; filename: string; inline?: boolean }): Response {
  const headers: Record<string, string> = {
    "Content-Type": file.type,
    "Content-Disposition": `${file.inline ? "inline" : "attachment"}; filename="${file.filename}"`,
    "Cache-Control": "private, no-store",
  };
  if (typeof body !== "string") headers["Content-Length"] = String(body.byteLength);
  return new Response(typeof body === "string" ? body : new Uint8Array(body), { headers });
}

export const CSV = "text/csv; charset=utf-8";
export const PDF = "application/pdf";
