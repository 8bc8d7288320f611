package fileformat

import (
	"fmt"
	"sync"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/klauspost/compress/zstd"
)

// arrow-go's Parquet reader decodes a zstd page to whatever size its frame
// header claims, so that a damaged page of a few bytes can have it
// allocate gigabytes. boundedZstd takes its place (registered at init): a
// page decodes to at most the size the page's header gives, when its frame
// says its size, and to at most maxPage bytes in any case — far beyond the
// pages of 1 MiB sgtab, DuckDB or pyarrow write.
const maxPage = 1 << 30

// zstdCodec is what the zstd codec of arrow-go offers: block and
// streaming coding.
type zstdCodec interface {
	compress.Codec
	compress.StreamingCodec
}

// boundedZstd is arrow-go's zstd codec with bounded decoding.
type boundedZstd struct{ zstdCodec }

func init() {
	c, err := compress.GetCodec(compress.Codecs.Zstd)
	if z, ok := c.(zstdCodec); err == nil && ok {
		compress.RegisterCodec(compress.Codecs.Zstd, boundedZstd{z})
	}
}

// boundedDecoders hold zstd decoders that decode at most maxPage bytes.
var boundedDecoders = sync.Pool{New: func() any {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(maxPage))
	if err != nil {
		panic("export: zstd decoder: " + err.Error()) // the options are constant
	}
	return d
}}

// Decode decodes the block src into dst, panicking on an error as the
// Codec interface has it; arrow-go calls DecodeWithError.
func (z boundedZstd) Decode(dst, src []byte) []byte {
	out, err := z.DecodeWithError(dst, src)
	if err != nil {
		panic(err)
	}
	return out
}

// DecodeWithError decodes the block src into dst, whose capacity is the
// size of the page it holds, and refuses a frame that says it is larger.
func (boundedZstd) DecodeWithError(dst, src []byte) ([]byte, error) {
	var h zstd.Header
	if err := h.Decode(src); err == nil && h.HasFCS && cap(dst) > 0 && h.FrameContentSize > uint64(cap(dst)) {
		return nil, fmt.Errorf("a zstd frame of %d bytes in a page of %d", h.FrameContentSize, cap(dst))
	}
	d := boundedDecoders.Get().(*zstd.Decoder)
	defer boundedDecoders.Put(d)
	return d.DecodeAll(src, dst[:0])
}
