// Throws, at its top level, an object whose toString throws.
throw { toString() { throw new Error('toString trap'); } };
