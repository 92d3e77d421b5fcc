import { trackPaths, type TrackDayBody, type TrackState } from '../../../../../common/contracts/track.ts';
import { sendJson } from '../../../lib/api.ts';

/** Records a day of the track as done (stored once however often it is sent). */
export const completeTrackDay = (day: number, body: TrackDayBody) => sendJson<TrackState>('POST', trackPaths.day(day), body);
