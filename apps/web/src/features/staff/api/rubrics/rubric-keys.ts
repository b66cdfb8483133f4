// Each section's marking rubric (issue 16; rubricsApi in packages/shared).

export const rubricsKey = (eventId: number) => ['staff', 'events', eventId, 'rubrics'] as const;
