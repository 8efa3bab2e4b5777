import { KeyRound } from 'lucide-react';
import type { Project } from '../../contract/projects';
import { limits } from '../../events/projects/model';
import { inputClass } from '../components/input';
import { LengthCounter, limitState } from '../components/length-counter';
import { SavingHint, tooLong } from './item-details';
import { useSaveLockBoxCode } from './mutations';
import { cardClass } from './ui';
import { useAutosave } from './use-autosave';

/** Spec section 4: the lock box code saves 2 seconds after the last keystroke; clients only read it. */

const LOCK_BOX_SAVE_MS = 2000;

const lockBoxValid = (code: string) => code.length <= limits.lockBoxCode;

export function LockBoxCode({ project, canEdit }: { project: Project; canEdit: boolean }) {
  const save = useSaveLockBoxCode(project.id);
  const { value, change, saving } = useAutosave({ serverValue: project.lockBoxCode ?? '', save, delay: LOCK_BOX_SAVE_MS, valid: lockBoxValid });
  // Over the limit it is refused, not cut (issue 16); the limit is ours, the spec gives none.
  const state = limitState(value.length, limits.lockBoxCode);
  return (
    <section className={`${cardClass} grid content-center gap-1 px-3 py-2 sm:px-4 sm:py-3`}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor="lock-box-code" className="flex items-center gap-1.5 text-xs font-semibold sm:text-sm">
          <KeyRound aria-hidden="true" className="size-4 text-gray-500" />
          Project Lock Box Code
        </label>
        <SavingHint saving={saving} />
      </div>
      <input
        id="lock-box-code"
        value={value}
        readOnly={!canEdit}
        autoComplete="off"
        aria-invalid={state === 'over' || undefined}
        aria-describedby={state === 'quiet' ? undefined : 'lock-box-code-length'}
        onChange={(event) => change(event.target.value)}
        className={`${inputClass} aria-invalid:border-red-500`}
      />
      <LengthCounter id="lock-box-code-length" length={value.length} max={limits.lockBoxCode} refusal={tooLong('Lock box code', limits.lockBoxCode)} />
    </section>
  );
}
