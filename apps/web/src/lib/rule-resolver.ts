import type { FieldErrors, FieldPath, FieldValues, Resolver } from 'react-hook-form';

/** A form rule's verdict: the first problem and the field it is shown under, or null. */
export type RuleProblem<TValues extends FieldValues> = {
  readonly field: FieldPath<TValues>;
  readonly message: string;
} | null;

/**
 * A react-hook-form resolver over a rule function (the feature's `*-rules.ts`, itself over the
 * domain's): the form shows the rule's first problem under its field, as the server would word it,
 * and submits only when the rule passes. What the rule needs besides the values (a balance, whether
 * the recipient was checked) comes in through the form's `context`, read at each submit.
 */
export function ruleResolver<TValues extends FieldValues, TContext = undefined>(
  rule: (values: TValues, context: TContext) => RuleProblem<TValues>,
): Resolver<TValues, TContext> {
  return (values, context) => {
    const problem = rule(values, context as TContext);
    if (!problem) return { values, errors: {} };
    const errors = { [problem.field]: { type: 'rule', message: problem.message } } as FieldErrors<TValues>;
    return { values: {}, errors };
  };
}
