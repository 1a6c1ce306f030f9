namespace FastFormatters.Fuzzing;

/// <summary>
/// One kind of mutation: changes the input in place, drawing every choice from the random source so it replays
/// exactly. The weight sets how often it is chosen against the others of its format.
/// </summary>
internal sealed record MutationOp(string Name, int Weight, Action<List<byte>, FuzzRandom> Apply);
