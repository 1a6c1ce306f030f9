using System.Runtime.Serialization;

namespace FastFormatters.Compatibility.Tests.Models;

/// <summary>An enum with an <c>[EnumMember]</c> value, which DynamicEnumAsStringResolver writes instead of the name.</summary>
public enum ShippingSpeed
{
    Standard,

    [EnumMember(Value = "next-day")]
    NextDay,
}
