// The contracts between the cloud and its clients: schemas, limits, error codes. Each module is added by the
// feature that first shares it.
export {}
