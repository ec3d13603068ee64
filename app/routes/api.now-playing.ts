import { getNowPlayingService, nowPlayingResponse } from "~/lib/spotify/service.server";

/** What the office Spotify account is playing, as the music widget shows it. */
export function loader() {
  return nowPlayingResponse(getNowPlayingService());
}
