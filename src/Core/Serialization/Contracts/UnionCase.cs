namespace FastFormatters.Serialization.Contracts;

/// <summary>One subtype of a union and the integer tag that names it on the wire.</summary>
internal readonly record struct UnionCase(int Tag, Type SubType);
