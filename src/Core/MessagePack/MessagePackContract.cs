namespace FastFormatters.MessagePack;

/// <summary>Which rules decide the members, names and keys of objects in MessagePack.</summary>
public enum MessagePackContract
{
    /// <summary>
    /// MessagePack-CSharp's (the default), so .NET services on it read and write the same objects: <c>[Key]</c>,
    /// <c>[MessagePackObject]</c>, <c>[IgnoreMember]</c>, <c>[Union]</c> and <c>[DataContract]</c> honoured, other
    /// types under their CLR member names as its contractless resolver writes them, every member written.
    /// </summary>
    MessagePackCSharp,

    /// <summary>
    /// The JSON contract: the same member names (naming policy, <c>[JsonPropertyName]</c>, <c>[DataMember(Name)]</c>),
    /// omission and enum form as JSON, for clients that decode MessagePack into the shapes they read JSON into.
    /// </summary>
    SameAsJson,
}
