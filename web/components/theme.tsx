import { Monitor, Moon, Sun } from 'lucide-react';
import { createContext, use, useCallback, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { iconButtonClass } from './button';

/**
 * Themes (spec section 9): the app stores light, dark or system under `ui-theme` (default system,
 * which follows prefers-color-scheme); the account settings screen keeps its own light or dark
 * under `construction-checklist-theme` (default light) and overrides the app's while it is shown.
 * Either way the `dark` class on <html> switches Tailwind's dark variant.
 */

const themes = ['light', 'dark', 'system'] as const;
type Theme = (typeof themes)[number];
type Resolved = Exclude<Theme, 'system'>;

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  setOverride: (theme: Resolved | null) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function useThemeContext(): ThemeContextValue {
  const context = use(ThemeContext);
  if (!context) throw new Error('ThemeProvider is missing');
  return context;
}

function useStoredChoice<T extends string>(key: string, allowed: readonly T[], fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    // The build's render of the signed-out pages (web/prerender.tsx) has no storage.
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
    return allowed.find((choice) => choice === stored) ?? fallback;
  });
  const store = useCallback(
    (next: T) => {
      setValue(next);
      localStorage.setItem(key, next);
    },
    [key],
  );
  return [value, store];
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = darkQuery();
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => darkQuery().matches,
    // Hydrating a prerendered page, the browser's own answer too: the theme draws no markup.
    () => typeof window !== 'undefined' && darkQuery().matches,
  );
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useStoredChoice('ui-theme', themes, 'system');
  const [override, setOverride] = useState<Resolved | null>(null);
  const prefersDark = useSystemPrefersDark();
  const resolved = override ?? (theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme);

  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', resolved === 'dark');
    // A prerendered page follows the system's theme in its CSS until the app knows the person's (web/build/prerender.ts).
    delete document.documentElement.dataset.theme;
  }, [resolved]);

  return <ThemeContext value={{ theme, setTheme, setOverride }}>{children}</ThemeContext>;
}

const themeIcons = { light: Sun, dark: Moon, system: Monitor } as const;

/** Cycles the app theme light → dark → system. */
export function ThemeToggle() {
  const { theme, setTheme } = useThemeContext();
  const next = themes[(themes.indexOf(theme) + 1) % themes.length] ?? 'light';
  const Icon = themeIcons[theme];
  return (
    <button type="button" onClick={() => setTheme(next)} aria-label={`Theme: ${theme}. Switch to ${next}`} title={`Theme: ${theme}`} className={iconButtonClass}>
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

/** The account settings screen's own light/dark choice, applied while the screen is mounted. */
export function useAccountSettingsTheme(): [Resolved, (theme: Resolved) => void] {
  const [theme, setTheme] = useStoredChoice<Resolved>('construction-checklist-theme', ['light', 'dark'], 'light');
  const { setOverride } = useThemeContext();
  // A layout effect, so the screen never paints in the app's theme first.
  useLayoutEffect(() => {
    setOverride(theme);
    return () => setOverride(null);
  }, [theme, setOverride]);
  return [theme, setTheme];
}
