// The adjudicators and what each marks (issue 9; staffApi in packages/shared/src/endpoints).

export const adjudicatorsKey = ['staff', 'adjudicators'] as const;
