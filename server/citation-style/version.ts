// The style detector's version: part of the key under which the resolver caches a detection outcome
// (server/resolver/style-cache.ts), so a second resolve of the same manuscript need not render every
// candidate style again. Bump it whenever detection can answer differently for the same entries:
// a change in server/citation-style/ (reading entries, templates, probes, profiles, similarity, thresholds, rounds, calibration) or in how
// server/csl/ renders, an edited bundled style, or an added or edited former layout
// (server/citation-style/former-layouts/). Adding or removing a bundled style needs no bump
// (the cache key includes the list of bundled style ids).
export const STYLE_DETECTOR_VERSION = 's9';
