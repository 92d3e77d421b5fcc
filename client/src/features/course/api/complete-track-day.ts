import { sendJson } from '#client/lib/api.ts';
import { trackPaths, type TrackDayBody, type TrackState } from '#common/contracts/track.ts';

/** Records a day of the track as done (stored once however often it is sent). */
export const completeTrackDay = (day: number, body: TrackDayBody) => sendJson<TrackState>('POST', trackPaths.day(day), body);
