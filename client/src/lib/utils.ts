import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));

/**
 * tailwind-merge builds its table of Tailwind's classes on its first call: about 35 ms on a slow
 * phone. Called in a task of its own before hydrating a screen the server rendered, so that cost
 * is not added to one of the render's (issue 29).
 */
export const prepareClassMerge = () => void twMerge('p-0 p-1');
