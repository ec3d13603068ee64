import { resourceRoute } from "~/lib/security.server";
import { getNowPlayingService, nowPlayingResponse } from "~/lib/spotify/service.server";

/** What the office Spotify account is playing, as the music widget shows it. */
export const loader = resourceRoute(() => nowPlayingResponse(getNowPlayingService()));
