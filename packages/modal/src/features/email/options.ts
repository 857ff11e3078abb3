/** The e-mail feature's id: its views find its controller by it (they can't import its module, which loads them). */
export const EMAIL_FEATURE_ID = 'email'
