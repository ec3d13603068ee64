import { useEffect, useRef, type ReactNode } from "react";
import { useAsync, type AsyncState } from "~/hooks/useAsync";
import {
  isNowPlaying,
  isWebUrl,
  NOW_PLAYING_PATH,
  type NowPlaying,
} from "~/lib/spotify/now-playing";

/** While on screen and the tab is shown, ask again this often. */
export const REFRESH_MS = 30_000;
const ART_SIZE = 64;

async function fetchNowPlaying(signal: AbortSignal): Promise<NowPlaying> {
  const response = await fetch(NOW_PLAYING_PATH, {
    signal,
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`${NOW_PLAYING_PATH} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isNowPlaying(body)) throw new Error(`${NOW_PLAYING_PATH} answered an unknown shape`);
  return body;
}

/** The not-playing message and every failure are logged, once per change. */
function useConsoleLog(state: AsyncState<NowPlaying>) {
  const logged = useRef<string | null>(null);
  useEffect(() => {
    if (state.status !== "success" && state.status !== "error") return;
    const key = state.status === "error" ? `failed:${state.error.message}` : state.data.state;
    if (key === logged.current) return;
    logged.current = key;
    if (state.status === "error") console.error(`Unable to Fetch Song: ${state.error.message}`);
    else if (state.data.state === "error") {
      console.error("Unable to Fetch Song: Spotify did not answer (details in the server log)");
    } else if (state.data.state === "nothing") console.info("Office is not playing music");
  }, [state]);
}

function Dot({ live }: { live?: boolean }) {
  return (
    <span
      className={live ? "music-widget__dot music-widget__dot--live" : "music-widget__dot"}
      aria-hidden="true"
    />
  );
}

function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="music-widget__link" href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function Status({ live, children }: { live?: boolean; children: string }) {
  return (
    <p className="music-widget__status">
      <Dot live={live} />
      {children}
    </p>
  );
}

function Playing({ view, playlistUrl }: { view: NowPlaying; playlistUrl?: string | null }) {
  switch (view.state) {
    case "track": {
      const art = view.albumArt;
      return (
        <div className="music-widget__now">
          {art ? (
            <img
              className="music-widget__art"
              src={art.url}
              width={ART_SIZE}
              height={Math.round((ART_SIZE * art.height) / art.width) || ART_SIZE}
              alt={view.album ? `Cover of ${view.album}` : "Album cover"}
              decoding="async"
            />
          ) : null}
          <div>
            <Status live>Office playlist is playing</Status>
            <div className="music-widget__details">
              <p className="music-widget__artist">{view.artist}</p>
              <p className="music-widget__title">{view.title}</p>
              {view.url ? <NewTabLink href={view.url}>Play on Spotify</NewTabLink> : null}
            </div>
          </div>
        </div>
      );
    }
    case "episode":
      return (
        <div>
          <Status live>Office currently listens to a podcast</Status>
          {isWebUrl(playlistUrl) ? (
            <div className="music-widget__details">
              <NewTabLink href={playlistUrl}>But here is our Office Playlist</NewTabLink>
            </div>
          ) : null}
        </div>
      );
    case "nothing":
      return <Status>Office is not playing music</Status>;
    case "error":
      return <Status>Unable to Fetch Song</Status>;
  }
}

/**
 * The widget's answer, loaded with its code only once the widget is on screen
 * (see MusicWidget): asks `/api/now-playing` at once, then every REFRESH_MS while
 * `shown` stays true.
 */
export default function MusicWidgetNowPlaying({
  shown,
  officePlaylistUrl,
  placeholder,
  onSettled,
}: {
  shown: boolean;
  officePlaylistUrl?: string | null;
  placeholder: ReactNode;
  onSettled: (settled: boolean) => void;
}) {
  const { state, run } = useAsync<NowPlaying>();
  const lastAsked = useRef(0);
  useConsoleLog(state);

  useEffect(() => {
    if (!shown) return;
    let timer: number;
    const ask = () => {
      lastAsked.current = Date.now();
      void run(fetchNowPlaying);
      timer = window.setTimeout(ask, REFRESH_MS);
    };
    // Coming back on screen asks at once only if the last answer is stale.
    timer = window.setTimeout(ask, Math.max(0, lastAsked.current + REFRESH_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [shown, run]);

  // While refreshing, the previous answer stays up instead of the placeholder.
  const settled =
    state.status === "pending" ? state.previous : state.status === "idle" ? null : state;
  const view: NowPlaying | null = !settled
    ? null
    : settled.status === "error"
      ? { state: "error" }
      : settled.data;
  const answered = view !== null;
  useEffect(() => onSettled(answered), [answered, onSettled]);

  return view ? (
    <Playing
      key={view.state === "track" ? `${view.title}\n${view.artist}` : view.state}
      view={view}
      playlistUrl={officePlaylistUrl}
    />
  ) : (
    placeholder
  );
}
