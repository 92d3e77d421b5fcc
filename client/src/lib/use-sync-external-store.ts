// React 19 has useSyncExternalStore; the `use-sync-external-store/shim` package some libraries
// import (wouter) only exists for React 16-17 and would add its own copy to the entry script.
// vite.config.ts points that import here (docs/decisions/048).
export { useSyncExternalStore } from 'react';
