/** A staff page whose data the back end owns (the ERP): its title and where the data is changed instead (issue 24). */
export function ElsewhereNote({ title, note }: { title: string; note: string }) {
  return (
    <div className="mt-6 space-y-3">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-stone-700">{note}</p>
    </div>
  );
}
