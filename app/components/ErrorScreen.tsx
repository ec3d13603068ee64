import { useNavigate } from "react-router";
import { useRef } from "react";
import { useFitText } from "~/hooks/useFitText";

type Props = { status: number; message: string };

/** Delay before the full reload that follows the 404 button. */
const ERROR_RELOAD_DELAY = 200;

// The numeral fills the width, but leaves the message, the label and the
// header on screen: its capitals are about 0.73 of the font size.
const numeralMaxSize = () => Math.max((window.innerHeight - 320) / 0.73, 96);

/**
 * The 404 screen, also shown for every other fatal error with its
 * own status. The button (the status, set as wide as the page, and a label
 * that says where it goes) clears the error by navigating to `/`, then
 * reloads the page so a visitor stuck on a broken build gets a fresh one.
 */
export function ErrorScreen({ status, message }: Props) {
  const navigate = useNavigate();
  const numeral = useRef<HTMLSpanElement>(null);
  useFitText(numeral, numeralMaxSize);
  return (
    <main id="main" className="error-screen" tabIndex={-1}>
      <p className="error-screen__status label">Error {status}</p>
      <h1 className="error-screen__message">{message}</h1>
      <button
        type="button"
        className="error-screen__button"
        onClick={async () => {
          const clicked = Date.now();
          // The load of "/" waits for the navigation to finish: started while its data or
          // its page's script was still coming, Firefox cut those off, and React Router
          // answered the failed script by reloading this error's page instead.
          await navigate("/");
          const left = ERROR_RELOAD_DELAY - (Date.now() - clicked);
          window.setTimeout(() => window.location.assign("/"), Math.max(left, 0));
        }}
      >
        <span ref={numeral} className="error-screen__numeral">
          {status}
        </span>
        <span className="error-screen__home">
          Go to the home page{" "}
          <span className="error-screen__arrow" aria-hidden="true">
            →
          </span>
        </span>
      </button>
    </main>
  );
}
