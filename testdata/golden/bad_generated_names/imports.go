package p

// A file's imports and the package's declarations may not share a name, so an import named as
// cardgen names a declaration is an error too.
import listOrdersOutputSchema "strings"

var _ = listOrdersOutputSchema.ToUpper
