import { call } from '#client/lib/api.ts';
import { trackApi, type TrackDayBody } from '#common/contracts/track.ts';

/** Records a day of the track as done (stored once however often it is sent). */
export const completeTrackDay = (day: number, body: TrackDayBody) => call(trackApi.day, { params: { day }, body });
