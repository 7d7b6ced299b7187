"""``mindspore.mint.nn``'s layers, by kind (activation, basic, conv, normalization, padding,
pooling, loss)."""
