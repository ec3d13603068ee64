import { useNavigate } from "@remix-run/react";

type Props = { status: number; message: string };

/** Delay before the full reload that follows the 404 button (SPEC §9). */
export const ERROR_RELOAD_DELAY = 200;

/**
 * The 404 screen of SPEC §2, also shown for every other fatal error with its
 * own status. The button clears the error by navigating to `/`, then reloads
 * the page so a visitor stuck on a broken build gets a fresh one.
 */
export function ErrorScreen({ status, message }: Props) {
  const navigate = useNavigate();
  return (
    <main id="main" className="error-screen" tabIndex={-1}>
      <p className="error-screen__status label">Error {status}</p>
      <h1 className="error-screen__message">{message}</h1>
      <button
        type="button"
        className="error-screen__button"
        aria-label={`${status}: go to the home page`}
        onClick={() => {
          navigate("/");
          window.setTimeout(() => window.location.reload(), ERROR_RELOAD_DELAY);
        }}
      >
        {status}
      </button>
    </main>
  );
}
