package p

import "flag"

var update = flag.Bool("update", false, "update the golden files")
