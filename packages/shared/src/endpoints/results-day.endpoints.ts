import { defineEndpoint } from '../api/endpoint.ts';
import {
  ConfirmedWinnersSchema,
  ConfirmWinnersSchema,
  ContestantResultsParamsSchema,
  ContestantResultsSchema,
  DevClockSchema,
  GalaSchema,
  ReleaseNowSchema,
  ReleaseOutcomeSchema,
  ReleasePreviewSchema,
  ResultsDayEventParamsSchema,
  ResultsReleaseSchema,
  ScheduleReleaseSchema,
  SetDevClockSchema,
  WinnersPreviewSchema,
  WinnersRuleSchema,
  WinnersRuleSettingsSchema,
} from '../results/results-day.schema.ts';

const tags = ['Staff: results day'];
const errors = [400, 401, 403, 404, 409] as const;
const staff = { staff: 'release:results' } as const;

/**
 * Results day (issue 20, docs/decisions/026-results-day.md): organisers set the section
 * winners' rule, preview and confirm the winners and schedule the release on the gala date
 * (screen: /staff/events/:id/winners, paths.staffEventWinners); the public gala page (/gala,
 * paths.gala) and a family's results page per contestant (/participant-profiles/:id/results,
 * paths.contestantResults).
 */
export const resultsDayApi = {
  /** Winners screen, "Rule" form: filled with this (the default rule until one is saved). */
  getWinnersRule: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Events/:id/WinnersRule',
    access: staff,
    tags,
    summary: "The event's section winners rule (the default until organisers save one)",
    params: ResultsDayEventParamsSchema,
    responses: { 200: WinnersRuleSettingsSchema },
    errors,
  }),
  /**
   * Winners screen, "Save rule": 400 with field messages (gradeBands overlapping, names twice).
   * Audited. Confirmed winners stay until the next confirmation.
   */
  saveWinnersRule: defineEndpoint({
    method: 'PUT',
    path: '/api/Staff/Events/:id/WinnersRule',
    access: staff,
    tags,
    summary: "Set the event's section winners rule (audited)",
    params: ResultsDayEventParamsSchema,
    body: WinnersRuleSchema,
    responses: { 200: WinnersRuleSettingsSchema },
    errors,
  }),
  /**
   * Winners screen, "Preview": a table per section and band (winners marked, the others with
   * why they are not eligible); keep previewToken for Confirm. Counts submitted marks, published
   * or not.
   */
  previewWinners: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Events/:id/Winners/Preview',
    access: staff,
    tags,
    summary: 'The section winners the rule gives from the marks now (nothing stored)',
    params: ResultsDayEventParamsSchema,
    responses: { 200: WinnersPreviewSchema },
    errors,
  }),
  /**
   * Winners screen, "Confirm winners": freezes the previewed winners and makes their
   * certificates. 409 WINNERS_PREVIEW_STALE when marks or the rule changed since the preview
   * (preview again). Confirming again replaces the earlier winners (their codes stop verifying).
   */
  confirmWinners: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Events/:id/Winners/Confirm',
    access: staff,
    tags,
    summary: 'Confirm the previewed section winners and make their certificates (audited)',
    params: ResultsDayEventParamsSchema,
    body: ConfirmWinnersSchema,
    responses: { 200: ConfirmedWinnersSchema },
    errors,
  }),
  /** Winners screen, "Confirmed winners" list, with each certificate's PDF and QR check link. */
  confirmedWinners: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Events/:id/Winners',
    access: staff,
    tags,
    summary: 'The confirmed section winners and their certificates',
    params: ResultsDayEventParamsSchema,
    responses: { 200: ConfirmedWinnersSchema },
    errors,
  }),
  /** Winners screen, "Release" panel: when results go out, or went out, and what is waiting. */
  getRelease: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Events/:id/Release',
    access: staff,
    tags,
    summary: 'When the results are released on the gala date, and whether they were',
    params: ResultsDayEventParamsSchema,
    responses: { 200: ResultsReleaseSchema },
    errors,
  }),
  /**
   * Release panel, "Schedule": the time of day on the gala date (event's time zone), or null to
   * release by hand only. 400 RELEASE_TIME_PASSED for a time not in the future ("Release now"
   * releases at once); 409 RESULTS_ALREADY_RELEASED after the release. Audited.
   */
  scheduleRelease: defineEndpoint({
    method: 'PUT',
    path: '/api/Staff/Events/:id/Release',
    access: staff,
    tags,
    summary: 'Schedule the release of results at a time on the gala date (or unschedule it)',
    params: ResultsDayEventParamsSchema,
    body: ScheduleReleaseSchema,
    responses: { 200: ResultsReleaseSchema },
    errors,
  }),
  /**
   * Release panel, the "Release now" dialog: exactly what becomes public and who is told, and
   * what is missing (winners unconfirmed or to confirm again, marking incomplete).
   */
  releasePreview: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Events/:id/Release/Preview',
    access: staff,
    tags,
    summary: 'What releasing the gala now makes public, who is told, and what is missing',
    params: ResultsDayEventParamsSchema,
    responses: { 200: ReleasePreviewSchema },
    errors,
  }),
  /**
   * Release panel, "Release now" (after the preview): publishes every submitted mark, sends
   * families their messages, opens the gala page, as the scheduled job would. 409
   * RELEASE_NEEDS_ACKNOWLEDGEMENT naming what is missing unless each is in `acknowledge`; 409
   * RESULTS_ALREADY_RELEASED when it has happened (the Results screen still publishes later
   * marks).
   */
  releaseNow: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Events/:id/Release/Now',
    access: staff,
    tags,
    summary: 'Release the results now, before the scheduled time (audited)',
    params: ResultsDayEventParamsSchema,
    body: ReleaseNowSchema.nullish(),
    responses: { 200: ReleaseOutcomeSchema },
    errors,
  }),
  /**
   * Release panel, "Withdraw the gala page" (within RELEASE_WITHDRAW_MINUTES of the release):
   * the gala page says again when results come out and Section Winners are not shown; marks
   * published stay published and messages sent are not unsent. 409 RELEASE_NOT_WITHDRAWABLE
   * when not released or too late. Audited.
   */
  withdrawRelease: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Events/:id/Release/Withdraw',
    access: staff,
    tags,
    summary: 'Withdraw the gala page from public view shortly after its release (audited)',
    params: ResultsDayEventParamsSchema,
    responses: { 200: ResultsReleaseSchema },
    errors,
  }),
  /**
   * The public gala page (/gala): before the release, "Results will be released on {releaseAt}";
   * after, medal counts per section, winners by section and band, the showcase (players and
   * artworks). Cached for a minute.
   */
  gala: defineEndpoint({
    method: 'GET',
    path: '/api/Gala',
    access: 'public',
    tags: ['Results'],
    summary: "The live event's gala: medal counts, section winners and the showcase",
    responses: { 200: GalaSchema },
    errors: [404],
  }),
  /**
   * A family's results page for one contestant (/participant-profiles/:id/results): every entry
   * with rubric, comment, medal, certificates (download and share the verification link) and
   * Section Winner titles. Another family's contestant: 404.
   */
  contestantResults: defineEndpoint({
    method: 'GET',
    path: '/api/ParticipantProfiles/:id/Results',
    access: 'session',
    tags: ['Results'],
    summary: "All of a contestant's results in the live event, with certificates",
    params: ContestantResultsParamsSchema,
    responses: { 200: ContestantResultsSchema },
    errors: [400, 401, 404],
  }),
};

/**
 * The test clock: only a server started with NODE_ENV=test has these (never development or
 * production). Browser journeys move the server's clock past the gala release and the release
 * sweep runs at once (decision 026).
 */
export const devClockApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/dev/clock',
    access: 'public',
    tags: ['Development'],
    summary: "The test server's clock",
    responses: { 200: DevClockSchema },
    errors: [],
  }),
  set: defineEndpoint({
    method: 'POST',
    path: '/api/dev/clock',
    access: 'public',
    tags: ['Development'],
    summary: "Move the test server's clock (forward or back) and run the release sweep",
    body: SetDevClockSchema,
    responses: { 200: DevClockSchema },
    errors: [400],
  }),
};
