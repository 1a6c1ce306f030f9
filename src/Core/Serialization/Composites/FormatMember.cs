using FastFormatters.Serialization.Objects;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Composites;

/// <summary>
/// One member of <typeparamref name="TOwner"/> in one format: its name as the format's codec encodes it, behind one
/// virtual call per member written or read. Each format derives the sealed member of a value type, which holds that
/// format's converter: through a codec method generic over the value type, a member of a reference type (compiled as
/// shared code) would look the method up at run time on every call.
/// </summary>
internal abstract class FormatMember<TCodec, TWriter, TReader, TOwner>
    where TCodec : struct, IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    protected FormatMember(ObjectMember<TOwner> member)
    {
        Member = member;
        Name = TCodec.EncodeMemberName(member.Name);
    }

    /// <summary>The member in the type's contract.</summary>
    public ObjectMember<TOwner> Member { get; }

    /// <summary>The name in the format's bytes.</summary>
    public FormatMemberName Name { get; }

    /// <summary>Writes the name and the value, unless the contract omits this value.</summary>
    /// <remarks>The owner comes by reference, as the getter takes it: a struct is not copied per member, and a class
    /// owner's address is taken once per object rather than once per member.</remarks>
    public abstract void Write(ref TWriter writer, ref TOwner owner);

    public abstract void Read(ref TReader reader, ref TOwner owner);

    /// <summary>Reads the value into <paramref name="arguments"/>, where it waits for the owner's constructor.</summary>
    public abstract void ReadArgument(ref TReader reader, ConstructorArguments arguments);
}
