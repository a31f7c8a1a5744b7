/** Spec section 9: the sidebar's width, shared by the shell and the notifications placed over it. */
export const NAVBAR_WIDTH = 280;
