/** Spec 2 §2.2, spec 3 §4.7: 5 % at the start, 'Loading accounts' 25 %, 'Loading dashboard' 70 %, done 100 %. */
export type LoadingStep = { label: string; percent: 5 | 25 | 70 | 100 };

export function loadingStep(accountsLoaded: boolean, dataLoaded: boolean, started: boolean): LoadingStep {
  if (!started) return { label: 'Loading accounts', percent: 5 };
  if (!accountsLoaded) return { label: 'Loading accounts', percent: 25 };
  if (!dataLoaded) return { label: 'Loading dashboard', percent: 70 };
  return { label: 'Loaded', percent: 100 };
}

export function LoadingProgress({ step }: { step: LoadingStep }) {
  if (step.percent === 100) return null;
  return (
    <div className="loading-progress" role="progressbar" aria-label={step.label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={step.percent} aria-valuetext={`${step.label}, ${step.percent}%`}>
      <span className="loading-progress__label">{step.label}…</span>
      <span className="loading-progress__track" aria-hidden="true">
        <span className={`loading-progress__bar loading-progress__bar--${step.percent}`} />
      </span>
    </div>
  );
}
