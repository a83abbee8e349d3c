export function meta() {
  return [{ title: "Hello" }, { name: "description", content: "A bare React Router 8 page." }];
}

export default function Home() {
  return (
    <main>
      <h1>Hello</h1>
      <p>A bare React Router 8 page, served like the shop.</p>
    </main>
  );
}
