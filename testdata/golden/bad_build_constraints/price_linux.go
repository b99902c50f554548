package p

import "strconv"

func (p Price) String() string { return strconv.FormatInt(int64(p), 10) + " VND" }
