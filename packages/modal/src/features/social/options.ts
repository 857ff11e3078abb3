/** The social feature's id: its views find its controller by it (they can't import its module, which loads them). */
export const SOCIAL_FEATURE_ID = 'social'
