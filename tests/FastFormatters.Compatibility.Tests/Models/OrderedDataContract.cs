using System.Runtime.Serialization;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary><c>[DataMember(Order)]</c>: the order is an int key, so an array with nil for unused orders.</summary>
[DataContract]
public sealed class OrderedDataContract
{
    [DataMember(Order = 0)]
    public int Id { get; set; }

    [DataMember(Order = 3)]
    public string? Name { get; set; }

    [DataMember(Order = 1)]
    public DateTime Created { get; set; }

    [DataMember(Order = 4)]
    public List<int> Values { get; set; } = [];

    // Not a data member: never on the wire.
    public string? Unmarked { get; set; }
}
