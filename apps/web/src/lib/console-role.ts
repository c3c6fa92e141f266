/**
 * The signed-in user's role in the console (docs/product.md §6): 'owner' (everything), 'staff' (the order
 * queue and the bank transfers), or null outside it. The console's frame (app/admin-layout.tsx) provides it
 * from the user call; its pages hide what the role cannot do, and the API refuses it anyway.
 */
import { createContext, useContext } from 'react';

export type ConsoleRole = 'owner' | 'staff';

export const ConsoleRoleContext = createContext<ConsoleRole | null>(null);

export function useConsoleRole(): ConsoleRole | null {
  return useContext(ConsoleRoleContext);
}
