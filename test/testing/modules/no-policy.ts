/** A module that exports no policy (for the loader's error message). */
export const notAPolicy = 42;
