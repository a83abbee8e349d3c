import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * The page behind a link in a mail (the newsletter's confirm and unsubscribe, an account's
 * e-mail confirmation): it asks, and its button
 * (a POST, so a mail scanner fetching the link changes nothing) does it. `done` once it is
 * done, `unknown` for a link that names nobody or a refused post, else the question.
 */
export function MailedLink({
  title,
  state,
  done,
  unknown,
  question,
  hidden,
  button,
}: {
  title: string;
  state: "done" | "unknown" | "ask";
  done: string;
  unknown: string;
  question: ReactNode;
  hidden: ReactNode;
  button: string;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="mb-4 text-2xl font-semibold">{title}</h1>
      {state === "done" ? (
        <p role="status">{done}</p>
      ) : state === "unknown" ? (
        <p role="alert">{unknown}</p>
      ) : (
        <Form method="post">
          <p>{question}</p>
          {hidden}
          <button type="submit" className="mt-4 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
            {button}
          </button>
        </Form>
      )}
    </section>
  );
}
