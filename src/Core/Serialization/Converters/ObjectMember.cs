using System.Text.Json.Nodes;
using System.Linq.Expressions;
using System.Reflection;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>Assigns a member; by reference so that structs are changed in place.</summary>
internal delegate void MemberSetter<TOwner, in TValue>(ref TOwner owner, TValue value);

/// <summary>When a member is left out of the output.</summary>
internal enum MemberOmission : byte
{
    Never,
    WhenNull,
    WhenDefault,
}

/// <summary>One serialized member of <typeparamref name="TOwner"/>: its encoded name and how to get, set and convert it.</summary>
internal abstract class ObjectMember<TOwner>
{
    protected ObjectMember(MemberInfo member, EncodedName name, int key)
    {
        Member = member;
        ClrName = member.Name;
        Name = name;
        Key = key;
    }

    /// <summary>The property or field.</summary>
    public MemberInfo Member { get; }

    public string ClrName { get; }

    public EncodedName Name { get; }

    /// <summary>The member's index in an object encoded as an array, or -1 when its object is a map.</summary>
    public int Key { get; }

    public abstract Type ValueType { get; }

    public abstract bool CanGet { get; }

    public abstract bool CanSet { get; }

    /// <summary>Whether the value's converter can read; a member that cannot is skipped on input like a read-only one.</summary>
    public abstract bool ValueIsReadable { get; }

    /// <summary>The index of this member in the converter's read table.</summary>
    public int ReadIndex { get; set; } = -1;

    /// <summary>The member's bit in the converter's mask of required members, or -1 when it may be absent.</summary>
    public int RequiredIndex { get; set; } = -1;

    /// <summary>Whether the value goes to a constructor parameter rather than through the setter.</summary>
    public bool IsConstructorParameter { get; set; }

    /// <summary>Writes <c>"name":value</c>, preceded by a comma when <paramref name="separator"/>; false when omitted.</summary>
    public abstract bool WriteJson(ref JsonWriter writer, TOwner owner, bool separator);

    public abstract void ReadJson(ref JsonReader reader, ref TOwner owner);

    public abstract object? ReadJsonBoxed(ref JsonReader reader);

    /// <summary>Whether the member may be left out of the output (a MessagePack map counts the members it writes first).</summary>
    public abstract bool IsConditional { get; }

    /// <summary>Whether the member is left out for this owner.</summary>
    public abstract bool IsOmitted(TOwner owner);

    /// <summary>Writes the key and value; the caller has checked <see cref="IsOmitted"/>.</summary>
    public abstract void WriteMessagePack(ref MessagePackWriter writer, TOwner owner);

    /// <summary>Writes the value alone, as an element of an object encoded as an array.</summary>
    public abstract void WriteMessagePackValue(ref MessagePackWriter writer, TOwner owner);

    public abstract void ReadMessagePack(ref MessagePackReader reader, ref TOwner owner);

    public abstract object? ReadMessagePackBoxed(ref MessagePackReader reader);

    public abstract void SetBoxed(ref TOwner owner, object? value);

    /// <summary>The schema of the member's value, by its converter.</summary>
    public abstract JsonObject DescribeValue(SchemaBuilder schema);
}

internal sealed class ObjectMember<TOwner, TValue> : ObjectMember<TOwner>
{
    private readonly Func<TOwner, TValue>? _getter;
    private readonly MemberSetter<TOwner, TValue>? _setter;
    private readonly ValueConverter<TValue> _converter;
    private readonly MemberOmission _omission;

    public ObjectMember(MemberInfo member, EncodedName name, int key, ValueConverter<TValue> converter, MemberOmission omission, bool canGet, bool canSet)
        : base(member, name, key)
    {
        _converter = converter;
        _omission = omission;
        if (canGet)
        {
            var owner = Expression.Parameter(typeof(TOwner), "owner");
            _getter = Expression.Lambda<Func<TOwner, TValue>>(Expression.MakeMemberAccess(owner, member), owner).Compile();
        }

        if (canSet)
        {
            var owner = Expression.Parameter(typeof(TOwner).MakeByRefType(), "owner");
            var value = Expression.Parameter(typeof(TValue), "value");
            _setter = Expression.Lambda<MemberSetter<TOwner, TValue>>(
                Expression.Assign(Expression.MakeMemberAccess(owner, member), value), owner, value).Compile();
        }
    }

    public override Type ValueType => typeof(TValue);

    public override JsonObject DescribeValue(SchemaBuilder schema) => _converter.DescribeSchema(schema);

    public override bool CanGet => _getter is not null;

    public override bool CanSet => _setter is not null;

    public override bool ValueIsReadable => _converter.ReadUnsupportedReason is null;

    public override bool WriteJson(ref JsonWriter writer, TOwner owner, bool separator)
    {
        var value = _getter!(owner);
        if (_omission != MemberOmission.Never && IsOmittedValue(value))
        {
            return false;
        }

        writer.WritePropertyName(Name, separator);
        _converter.WriteJson(ref writer, value);
        return true;
    }

    public override void ReadJson(ref JsonReader reader, ref TOwner owner) => _setter!(ref owner, _converter.ReadJson(ref reader));

    public override object? ReadJsonBoxed(ref JsonReader reader) => _converter.ReadJson(ref reader);

    public override void SetBoxed(ref TOwner owner, object? value) => _setter!(ref owner, (TValue)value!);

    public override bool IsConditional => _omission != MemberOmission.Never;

    public override bool IsOmitted(TOwner owner) => _omission != MemberOmission.Never && IsOmittedValue(_getter!(owner));

    public override void WriteMessagePack(ref MessagePackWriter writer, TOwner owner)
    {
        writer.WriteRaw(Name.MessagePack);
        _converter.WriteMessagePack(ref writer, _getter!(owner));
    }

    public override void WriteMessagePackValue(ref MessagePackWriter writer, TOwner owner) => _converter.WriteMessagePack(ref writer, _getter!(owner));

    public override void ReadMessagePack(ref MessagePackReader reader, ref TOwner owner) => _setter!(ref owner, _converter.ReadMessagePack(ref reader));

    public override object? ReadMessagePackBoxed(ref MessagePackReader reader) => _converter.ReadMessagePack(ref reader);

    private bool IsOmittedValue(TValue value)
        => _omission == MemberOmission.WhenNull ? value is null : EqualityComparer<TValue>.Default.Equals(value, default!);
}
