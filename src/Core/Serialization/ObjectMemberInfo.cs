using System.Reflection;

namespace FastFormatters.Serialization;

/// <summary>One member of an <see cref="ObjectContractInfo"/>, as its format's contract rules describe it, for a contract modifier to change.</summary>
public sealed class ObjectMemberInfo
{
    private string _name;

    internal ObjectMemberInfo(MemberInfo member, Type valueType, string name, int key, int order, MemberOmission omission, bool isRequired)
    {
        Member = member;
        ValueType = valueType;
        _name = name;
        Key = key;
        Order = order;
        Omission = omission;
        IsRequired = isRequired;
    }

    /// <summary>The property or field, with its attributes.</summary>
    public MemberInfo Member { get; }

    /// <summary>The type of its value.</summary>
    public Type ValueType { get; }

    /// <summary>Its name on the wire: the JSON property name or MessagePack map key. Two members may not share one.</summary>
    public string Name
    {
        get => _name;
        set => _name = string.IsNullOrEmpty(value) ? throw new ArgumentException("A member's name cannot be null or empty.", nameof(value)) : value;
    }

    /// <summary>
    /// Its index in an object MessagePack writes as an array (<c>[Key(0)]</c>), or -1 when the object is a map. Either
    /// every member of a type has a key or none has; two members may not share one.
    /// </summary>
    public int Key { get; set; }

    /// <summary>Where it is written relative to the others: lower first, declaration order breaking ties.</summary>
    public int Order { get; set; }

    /// <summary>When it is left out of the output.</summary>
    public MemberOmission Omission { get; set; }

    /// <summary>Whether a body that lacks it is refused (at most 64 per type).</summary>
    public bool IsRequired { get; set; }
}
