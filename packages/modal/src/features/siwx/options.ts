/** The sign-in feature's id: its views find its controller by it (they can't import its module, which loads them). */
export const SIWX_FEATURE_ID = 'siwx'
