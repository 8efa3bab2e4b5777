/** The look of dropdown menus (the user menu, a project card's actions): the panel, its items and its separators. */
export const menuPanelClass = 'rounded-md border border-gray-200 bg-white p-1 text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';
export const menuItemClass = 'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-highlighted:bg-gray-100 dark:data-highlighted:bg-gray-800';
export const menuSeparatorClass = 'my-1 h-px bg-gray-200 dark:bg-gray-700';
