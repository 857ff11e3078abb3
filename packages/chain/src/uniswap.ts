// Uniswap V2 as published on npm (@uniswap/v2-core, @uniswap/v2-periphery): deployed as built, never recompiled.
import { createRequire } from 'node:module'
import { type Abi, type Hex, keccak256 } from 'viem'
import type { ContractArtifact } from './compile'

const require = createRequire(import.meta.url)

interface PublishedArtifact {
  abi: Abi
  bytecode: string
  evm: {
    deployedBytecode: {
      object: string
      immutableReferences?: Record<string, { start: number; length: number }[]>
    }
  }
}

function load(path: string): ContractArtifact {
  const published = require(path) as PublishedArtifact
  const hex = (code: string) => (code.startsWith('0x') ? code : `0x${code}`) as Hex
  return {
    abi: published.abi,
    bytecode: hex(published.bytecode),
    deployedBytecode: hex(published.evm.deployedBytecode.object),
    immutableReferences: Object.values(published.evm.deployedBytecode.immutableReferences ?? {})
      .flat()
      .sort((a, b) => a.start - b.start),
  }
}

export const uniswapArtifacts = Object.freeze({
  WETH9: load('@uniswap/v2-periphery/build/WETH9.json'),
  UniswapV2Factory: load('@uniswap/v2-core/build/UniswapV2Factory.json'),
  UniswapV2Pair: load('@uniswap/v2-core/build/UniswapV2Pair.json'),
  UniswapV2Router02: load('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
})

/** keccak256 of the pair's creation code: the factory's CREATE2 init-code hash, from which pair addresses follow. */
export const UNISWAP_V2_PAIR_INIT_CODE_HASH: Hex = keccak256(uniswapArtifacts.UniswapV2Pair.bytecode)
