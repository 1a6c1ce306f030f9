using System.Runtime.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity.Models;

/// <summary>DataContract attributes, which System.Text.Json ignores: names, order, opt-in and [IgnoreDataMember] have no effect.</summary>
[DataContract]
public sealed class DataMemberNames
{
    [DataMember(Name = "data_name")]
    public string Named { get; set; } = string.Empty;

    [DataMember(Order = 1)]
    public int Ordered { get; set; }

    public string NotADataMember { get; set; } = string.Empty;

    [IgnoreDataMember]
    public string IgnoredByDataContract { get; set; } = string.Empty;

    [DataMember(EmitDefaultValue = false)]
    public int? NullNotEmitted { get; set; }
}
